import { contentSecurityPolicy } from './securityHeaders';

describe("the web pages' Content-Security-Policy", () => {
  it("allows images from the storage driver's public origin and from nowhere else", () => {
    expect(contentSecurityPolicy({ imageOrigin: null })).toContain("img-src 'self' data: blob:;");
    const withBucket = contentSecurityPolicy({ imageOrigin: 'https://cdn.hiraku.example' });
    expect(withBucket).toContain("img-src 'self' data: blob: https://cdn.hiraku.example;");
    // Only images: scripts, styles and calls still go to the app alone.
    expect(withBucket.split('; ').filter((directive) => directive.includes('cdn.hiraku.example'))).toEqual(["img-src 'self' data: blob: https://cdn.hiraku.example"]);
  });
});
