export { PeopleView } from './components/people-view.tsx';
