/** React's development build's public files, under the project (front-end-builds.mjs). */
export declare const DEVELOPMENT_WEB_DIST: string;
