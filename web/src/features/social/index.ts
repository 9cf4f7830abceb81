export { SocialTabs } from './components/social-tabs.tsx';
export { XTab } from './components/x-tab.tsx';
export { FacebookTab } from './components/facebook-tab.tsx';
export { TestPublishForm } from './components/test-publish-form.tsx';
export { ShareDefaultsControl } from './components/share-defaults-control.tsx';
