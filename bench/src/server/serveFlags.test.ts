import { serveScriptNodeFlags } from '../../../server/test/support/serverProcess';
import { SERVE_NODE_FLAGS } from './serveFlags';

describe('the benchmark runs the server as npm run serve does', () => {
  it('gives the API process the flags of the serve script', () => {
    expect([...SERVE_NODE_FLAGS]).toEqual(serveScriptNodeFlags());
  });
});
