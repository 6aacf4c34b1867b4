import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { SERVER_ENTRY, SERVER_EXEC_ARGV } from '../../support/server-process.ts';

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('the Node.js flags the server runs with', () => {
  it('give it a 32 MB young generation, with source maps for its stack traces', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--enable-source-maps', '--max-semi-space-size=32']);
  });

  it('are the ones `npm start` runs with', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });

  it("are the ones the image's command runs with", () => {
    const command = read('Dockerfile').match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(command ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  });

  it('are the ones the tests start the server with', () => {
    expect(SERVER_EXEC_ARGV).toEqual([...SERVER_NODE_FLAGS, SERVER_ENTRY]);
  });
});
