import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourceName } from '../../../renderer/src/ui/SourceName';

// The one way the UI shows a source's name: display-safe whatever arrived, and isolated from its
// neighbours.

describe('SourceName', () => {
  it('shows a disguised file name in its real order, isolated in <bdi>', () => {
    expect(renderToStaticMarkup(<SourceName filename={'invoice\u202Efdp.exe'} />)).toBe(
      '<bdi data-testid="source-name">invoicefdp.exe</bdi>',
    );
  });

  it('shows the title when it has anything visible, else the file name', () => {
    expect(renderToStaticMarkup(<SourceName filename="a.pdf" title={'Budget\u0085 2024\u009B'} />)).toContain(
      '>Budget 2024<',
    );
    expect(renderToStaticMarkup(<SourceName filename="a.pdf" title={'\u202E\u200B'} />)).toContain('>a.pdf<');
    expect(renderToStaticMarkup(<SourceName filename={'\u0000\u202E'} />)).toContain('>(unnamed file)<');
  });
});
