export { PicturesView } from './components/pictures-view.tsx';
