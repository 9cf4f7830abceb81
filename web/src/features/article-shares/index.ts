export { ShareChoiceEditor, useShareChoiceStep, type SaveChoice } from './components/share-choice.tsx';
export { ShareStatusLine, ShareStatusPanel } from './components/share-status.tsx';
export { useRemovePostsOffer } from './components/remove-posts.tsx';
export { FailedSharesPanel } from './components/failed-shares.tsx';
export { useShareDefaults } from '@/lib/share-defaults';
