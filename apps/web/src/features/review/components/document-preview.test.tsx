import { beforeEach, describe, expect, it } from 'vitest';

import { recordDownloads } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor } from '@/test/render';

import { DocumentPreview, previewKind, type SourceBox } from './document-preview';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOC = 'application/msword';

describe('previewKind', () => {
  it('shows Word files as pages, as PDFs and images are', () => {
    expect(previewKind(DOCX, 2)).toBe('pages');
    expect(previewKind(DOC, 1)).toBe('pages');
    expect(previewKind(DOCX.toUpperCase(), 1)).toBe('pages');
    expect(previewKind('application/pdf', 1)).toBe('pages');
    expect(previewKind('image/tiff', 3)).toBe('pages');
  });

  it('has nothing to show for an unread Word file, XML as its content, other types not at all', () => {
    expect(previewKind(DOCX, 0)).toBe('empty');
    expect(previewKind('application/xml', 1)).toBe('einvoice');
    expect(previewKind('application/zip', 1)).toBe('unsupported');
  });
});

describe('DocumentPreview of a Word file', () => {
  let downloads: string[];
  beforeEach(() => {
    downloads = recordDownloads();
  });

  // Word pages are laid out on US Letter in points: the size the server reports for them.
  const letter = { width: 612, height: 792 };
  const highlight: SourceBox = { page: 2, box: [72, 100, 172, 110] };
  const renderWord = (contentType: string) =>
    render(
      <DocumentPreview
        fileId="file-w"
        fileName="letter.docx"
        contentType={contentType}
        pages={2}
        pageSizes={[
          { number: 1, ...letter },
          { number: 2, ...letter },
        ]}
        highlight={highlight}
      />,
      { user: fixtures.me() },
    );

  it('shows its page images with the source highlighted, and still offers the download', async () => {
    const image = () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' }), { status: 200 });
    const stub = mockApi({
      'GET /api/files/file-w/pages/1/image': image,
      'GET /api/files/file-w/pages/2/image': image,
      'GET /api/files/file-w/view': () => new Response(new Blob(['docx']), { status: 200 }),
    });
    renderWord(DOCX);

    expect(await screen.findByRole('img', { name: 'Page 2' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByTestId('source-highlight').closest('[data-page]')).toHaveAttribute(
      'data-page',
      '2',
    );
    expect(screen.getByRole('toolbar', { name: 'Zoom' })).toBeInTheDocument();
    expect(screen.queryByText('Preview not available for this file type')).not.toBeInTheDocument();
    // A frame cannot show a Word file: the file itself is a download.
    expect(screen.queryByRole('button', { name: 'Preview Document' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download File' }));
    await waitFor(() => expect(downloads).toEqual(['letter.docx']));
    expect(stub.callsTo('GET /api/files/file-w/view')).toHaveLength(1);
  });

  it('shows a legacy .doc file as pages too', async () => {
    const image = () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' }), { status: 200 });
    const stub = mockApi({
      'GET /api/files/file-w/pages/1/image': image,
      'GET /api/files/file-w/pages/2/image': image,
    });
    renderWord(DOC);
    expect(await screen.findByRole('img', { name: 'Page 1' })).toBeInTheDocument();
    expect(stub.callsTo('GET /api/files/file-w/pages/1/image')).toHaveLength(1);
  });
});
