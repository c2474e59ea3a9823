import { describe, expect, it } from 'vitest';
import { isCallableUrl, readDeploymentIds } from '#shared/lti';

describe('readDeploymentIds', () => {
  it.each([
    ['1', ['1']],
    ['1, 2 3\n4', ['1', '2', '3', '4']],
    [' ,, \n', []],
    ['a,a, b', ['a', 'b']],
    ['12:4a7c-9', ['12:4a7c-9']],
  ])('reads %j as %j', (text, ids) => {
    expect(readDeploymentIds(text)).toEqual(ids);
  });
});

describe('isCallableUrl', () => {
  it.each([
    ['https://canvas.example.edu/api/lti/security/jwks', false, true],
    ['http://127.0.0.1:8080/jwks', false, false],
    ['http://127.0.0.1:8080/jwks', true, true],
    ['https://user:secret@lms.example/jwks', true, false],
    ['javascript:alert(1)', true, false],
    ['file:///etc/passwd', true, false],
    ['ftp://lms.example/jwks', true, false],
    ['not a url', true, false],
    ['', true, false],
  ])('%s (http allowed: %s) is %s', (url, allowHttp, callable) => {
    expect(isCallableUrl(url, allowHttp)).toBe(callable);
  });
});
