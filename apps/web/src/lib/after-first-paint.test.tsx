import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeHistoryIndex } from './after-first-paint';

describe("the history entry's index, written before the app's first render", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '');
  });

  it('is the index the router writes, so its first render writes nothing', () => {
    window.history.replaceState({ usr: { from: 'here' }, key: 'k1' }, '');
    writeHistoryIndex();
    expect(window.history.state).toEqual({ usr: { from: 'here' }, key: 'k1', idx: 0 });

    const replace = vi.spyOn(window.history, 'replaceState');
    render(
      <BrowserRouter>
        <p>page</p>
      </BrowserRouter>,
    );
    writeHistoryIndex();
    expect(replace).not.toHaveBeenCalled();
  });

  it('is written on an entry without state, and an entry that has one keeps it', () => {
    writeHistoryIndex();
    expect(window.history.state).toEqual({ idx: 0 });
    window.history.replaceState({ idx: 3 }, '');
    writeHistoryIndex();
    expect(window.history.state).toEqual({ idx: 3 });
  });
});
