// The content module's face (decision 010): its plugin. No service of its own: the public site's
// words are the catalogue snapshot's (app.catalogue), which it serves as they are.
export { default } from './content.module.ts';
