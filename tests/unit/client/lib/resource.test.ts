import { describe, expect, it } from 'vitest';
import { createResource, type LoadFailure } from '#client/lib/resource';

/** A request the test answers by hand, in whatever order it likes. */
interface Call {
  key: string;
  resolve: (value: string[]) => void;
  reject: (error: unknown) => void;
}

function setup(onError: (error: unknown) => LoadFailure<string[]> = () => ({ message: 'Failed' })) {
  const calls: Call[] = [];
  const resource = createResource<string[]>({
    fetch: (key) =>
      new Promise<string[]>((resolve, reject) => calls.push({ key, resolve, reject })),
    onError,
  });
  const state = () => resource.store.getState();
  return { resource, calls, state };
}

/** Lets the resource see an answered request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createResource: the one way screens load data', () => {
  it('loads, and says so while it does', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    expect(state()).toMatchObject({ key: 'ann', data: null, loading: true, settled: false });
    calls[0]!.resolve(['a']);
    await settle();
    expect(state()).toMatchObject({ data: ['a'], loading: false, settled: true, error: null });
  });

  it('lets only the newest request write: a slow older answer loses', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    void resource.load('ann');
    calls[1]!.resolve(['new']);
    await settle();
    calls[0]!.resolve(['old']);
    await settle();
    expect(state().data).toEqual(['new']);
  });

  it("drops another user's data at once, and their late answer never shows", async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    calls[0]!.resolve(['ann’s']);
    await settle();
    void resource.load('ann');
    void resource.load('bob');
    expect(state()).toMatchObject({ key: 'bob', data: null, settled: false, loading: true });
    calls[1]!.resolve(['ann’s, late']);
    await settle();
    expect(state()).toMatchObject({ key: 'bob', data: null, loading: true });
    calls[2]!.resolve(['bob’s']);
    await settle();
    expect(state()).toMatchObject({ key: 'bob', data: ['bob’s'], loading: false });
  });

  it('refreshes without flashing: the last answer stays up while the next is loading', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    calls[0]!.resolve(['first']);
    await settle();
    void resource.load('ann');
    expect(state()).toMatchObject({ data: ['first'], settled: true, loading: true });
    calls[1]!.resolve(['second']);
    await settle();
    expect(state()).toMatchObject({ data: ['second'], loading: false });
  });

  it('a failure that keeps the list (only logged) leaves the last answer and no message', async () => {
    const { resource, calls, state } = setup(() => ({ message: null }));
    void resource.load('ann');
    calls[0]!.resolve(['kept']);
    await settle();
    void resource.load('ann');
    calls[1]!.reject(new Error('offline'));
    await settle();
    expect(state()).toMatchObject({ data: ['kept'], error: null, settled: true, loading: false });
  });

  it('a failure can replace what shows (progress resets to zeros) and say why', async () => {
    const { resource, calls, state } = setup(() => ({ data: [], message: 'Query failed' }));
    void resource.load('ann');
    calls[0]!.resolve(['old summary']);
    await settle();
    void resource.load('ann');
    calls[1]!.reject(new Error('500'));
    await settle();
    expect(state()).toMatchObject({ data: [], error: 'Query failed' });
    // The message stays up through the retry and goes with the next answer.
    void resource.load('ann');
    expect(state()).toMatchObject({ error: 'Query failed', loading: true });
    calls[2]!.resolve(['fresh']);
    await settle();
    expect(state()).toMatchObject({ data: ['fresh'], error: null });
  });

  it('folds a follow-up page into the answer, one at a time', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    calls[0]!.resolve(['1']);
    await settle();
    let answer: (page: string[]) => void = () => undefined;
    const page = new Promise<string[]>((resolve) => (answer = resolve));
    let asked = 0;
    const more = async () => {
      asked += 1;
      const next = await page;
      return (data: string[]) => [...data, ...next];
    };
    const done = resource.loadMore('ann', more);
    void resource.loadMore('ann', more);
    expect(state().loadingMore).toBe(true);
    answer(['2']);
    await done;
    expect(asked).toBe(1);
    expect(state()).toMatchObject({ data: ['1', '2'], loadingMore: false });
  });

  it('drops a follow-up page when the list was reloaded meanwhile', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    calls[0]!.resolve(['1']);
    await settle();
    let answer: (page: string[]) => void = () => undefined;
    const page = new Promise<string[]>((resolve) => (answer = resolve));
    const done = resource.loadMore('ann', async () => {
      const next = await page;
      return (data) => [...data, ...next];
    });
    void resource.load('ann');
    expect(state().loadingMore).toBe(false);
    answer(['old page']);
    await done;
    calls[1]!.resolve(['fresh']);
    await settle();
    expect(state().data).toEqual(['fresh']);
  });

  it('a failed follow-up leaves the list and lets the caller try again', async () => {
    const { resource, calls, state } = setup();
    void resource.load('ann');
    calls[0]!.resolve(['1']);
    await settle();
    await expect(
      resource.loadMore('ann', () => Promise.reject(new Error('offline'))),
    ).rejects.toThrow('offline');
    expect(state()).toMatchObject({ data: ['1'], loadingMore: false });
  });
});
