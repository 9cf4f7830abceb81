export { AppearanceControl } from './components/appearance-control.tsx';
export { useNewsroomTheme } from './use-appearance.ts';
