// `node --import ./test/support/module-loads/register.mjs …` records the URL of every module the
// process loads into the file named by MODULE_LOAD_LOG, one per line (Node's module customization
// hooks run on their own thread, so they append to a file rather than share memory).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOAD_LOG } });
