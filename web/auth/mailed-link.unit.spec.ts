import { describe, expect, it } from 'vitest';
import { mailedLinkParams } from './mailed-link';

/** How the pages read a mailed link's fragment (or the query of mail sent before it moved there). */
describe('mailedLinkParams', () => {
  it('reads the token and e-mail from the fragment as the server encodes them', () => {
    const email = 'chris+home@example.com';
    expect(mailedLinkParams(`#token=Ab_c-9&email=${encodeURIComponent(email)}`)).toEqual({ token: 'Ab_c-9', email });
  });

  it('reads the query of an older link alike, and a signed digest token with its dots', () => {
    expect(mailedLinkParams('?token=eyJ.eyJ.sig')).toEqual({ token: 'eyJ.eyJ.sig' });
  });

  it('counts an empty or missing token as none, and cuts an absurdly long one', () => {
    expect(mailedLinkParams('')).toEqual({});
    expect(mailedLinkParams('#token=&email=a%40b.c')).toEqual({ email: 'a@b.c' });
    expect(mailedLinkParams(`#token=${'x'.repeat(5000)}`).token).toHaveLength(2000);
  });
});
