import { appendFileSync } from 'node:fs';

let file;

export async function initialize(data) {
  file = data?.file;
}

export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
