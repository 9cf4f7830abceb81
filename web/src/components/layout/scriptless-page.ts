import { createContext } from 'react';

/**
 * True around a page that is sent without the app's script (a preview link's page, decision 042): its
 * controls must work as plain HTML even where the browser runs script, so the header's MENU is a link
 * to the category bar (opened by CSS :target) rather than the button the app would drive.
 */
export const ScriptlessPageContext = createContext(false);
