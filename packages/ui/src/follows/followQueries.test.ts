import { withTopic } from './followQueries';

describe('withTopic', () => {
  const topics = { tags: [1, 2], categories: [7] };

  it('adds a followed tag or category in front, once', () => {
    expect(withTopic(topics, 'tag', 3, true)).toEqual({ tags: [3, 1, 2], categories: [7] });
    expect(withTopic(topics, 'tag', 2, true)).toEqual({ tags: [2, 1], categories: [7] });
    expect(withTopic(topics, 'category', 8, true)).toEqual({ tags: [1, 2], categories: [8, 7] });
  });

  it('takes an unfollowed one out and leaves the other kind alone', () => {
    expect(withTopic(topics, 'tag', 1, false)).toEqual({ tags: [2], categories: [7] });
    expect(withTopic(topics, 'category', 7, false)).toEqual({ tags: [1, 2], categories: [] });
    expect(withTopic(topics, 'category', 9, false)).toEqual(topics);
  });
});
