import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 1 s by default; on a 2-core host shared with browsers and builds a render after a
// stream's event took longer once (chat-room.test.tsx in CI). The assertions stay the same; only the wait grows.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia: a light device that never changes, unless a test puts its own in place.
if (typeof window !== 'undefined' && !window.matchMedia)
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
