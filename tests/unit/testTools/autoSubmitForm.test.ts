import { describe, expect, it } from 'vitest';
import { renderAutoSubmitForm } from '../../fixtures/ltiPlatform/autoSubmitForm';
import { parseAutoSubmitForm } from '../../fixtures/ltiPlatform';

describe("the LTI test platform's auto-submitting form", () => {
  it('carries any field value through render and parse unchanged', () => {
    const form = {
      action: 'http://127.0.0.1:9/lti/launch?a=1&b="2"',
      fields: { id_token: 'eyJ.abc.def', state: `<s>&'"x` },
    };
    const html = renderAutoSubmitForm(form);
    expect(html).not.toContain('<s>');
    expect(parseAutoSubmitForm(html)).toEqual(form);
  });

  it('says so when the page has no form', () => {
    expect(() => parseAutoSubmitForm('<p>Error</p>')).toThrow(/No auto-submitting form/);
  });
});
