export { CalendarView } from './components/calendar-view.tsx';
