import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowsHorizontal,
  IconDownload,
  IconEye,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';

import { getErrorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/fetch-blob';

import { fileViewQueryOptions, useFileView } from '../api/get-file-view';
import { usePageImage } from '../api/get-page-image';
import { useBlobSrc } from '../hooks/use-blob-src';
import { useSeen } from '../hooks/use-seen';
import { EInvoicePreview } from './einvoice-preview';

/** Spec section 9: preview zoom from 0.25 to 3 in steps of 0.25. */
export const ZOOM = { min: 0.25, max: 3, step: 0.25 } as const;

/** Page width in CSS pixels at zoom 1 when not fitting the panel's width. */
const NATURAL_WIDTH = 800;
/** Room left for the scroll bar when pages fit the panel's width. */
const SCROLLBAR_ALLOWANCE = 16;
/** Rendered widths the server is asked for, so zooming reuses a few images instead of many. */
const IMAGE_WIDTHS = [480, 960, 1440, 2000];
/** A4's height over its width, for pages whose size is not known yet. */
const DEFAULT_ASPECT = 297 / 210;

export interface PageSize {
  number: number;
  width: number;
  height: number;
}

/** A region of a page, in the units of that page's size. */
export interface SourceBox {
  /** 1-based; 0 when the value was read from e-invoice XML alone and no page shows it. */
  page: number;
  box: [number, number, number, number];
  /** The XPath of the e-invoice XML element the value was read from. */
  xpath?: string;
}

/** Which way the file can be shown. */
export type PreviewKind = 'pages' | 'einvoice' | 'unsupported' | 'empty';

const WORD_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
]);

/**
 * Word files (.docx, .doc). The server shows them as the pages the engine lays their text out on,
 * so sources highlight as on a PDF; a browser frame cannot show the file itself, so it is offered
 * as a download instead.
 */
export const isWordDocument = (contentType: string) => WORD_TYPES.has(contentType.toLowerCase());

/**
 * PDFs, images, TIFFs and Word files are shown as page images; an e-invoice XML as tables of its
 * content; other files only offer a download.
 */
export function previewKind(contentType: string, pages: number): PreviewKind {
  const type = contentType.toLowerCase();
  if (type === 'application/xml') return 'einvoice';
  const renderable =
    type === 'application/pdf' || type.startsWith('image/') || isWordDocument(type);
  if (!renderable) return 'unsupported';
  return pages > 0 ? 'pages' : 'empty';
}

function imageWidthFor(displayWidth: number): number {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const wanted = displayWidth * dpr;
  return IMAGE_WIDTHS.find((width) => width >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

const clampZoom = (zoom: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, zoom));

/**
 * Scrolls the preview's own viewport (not the window, which holds the field being edited) so the
 * element sits in its upper third, unless it is already comfortably visible.
 */
function scrollWithin(viewport: HTMLElement | null, element: HTMLElement) {
  if (!viewport) return;
  const view = viewport.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const margin = 24;
  const visible = box.top >= view.top + margin && box.bottom <= view.bottom - margin;
  const horizontallyVisible = box.left >= view.left && box.right <= view.right;
  if (visible && horizontallyVisible) return;
  // Plain scroll offsets (the viewport's CSS makes them smooth); scrollBy is missing in some engines.
  if (!visible) viewport.scrollTop += box.top - view.top - view.height / 3;
  if (!horizontallyVisible) viewport.scrollLeft += box.left - view.left - view.width / 3;
}

interface PageViewProps {
  fileId: string;
  page: number;
  size: PageSize | undefined;
  displayWidth: number;
  highlight: SourceBox['box'] | null;
  /** Called with the highlight box once it is drawn, to bring it into view. */
  onHighlightShown: (element: HTMLElement) => void;
}

/** One page: a placeholder of the page's shape until it nears the viewport, then its image. */
function PageView({
  fileId,
  page,
  size,
  displayWidth,
  highlight,
  onHighlightShown,
}: PageViewProps) {
  const { ref, seen } = useSeen();
  const image = usePageImage(fileId, page, imageWidthFor(displayWidth), seen);
  const imageRef = useBlobSrc<HTMLImageElement>(image.data);
  const aspect = size && size.width > 0 ? size.height / size.width : DEFAULT_ASPECT;
  const scale = size && size.width > 0 ? displayWidth / size.width : 0;
  const scrollToHighlight = useCallback(
    (element: HTMLDivElement | null) => {
      if (element) onHighlightShown(element);
    },
    [onHighlightShown],
  );

  return (
    <Box
      ref={ref}
      pos="relative"
      bg="white"
      style={{
        width: displayWidth,
        height: displayWidth * aspect,
        boxShadow: 'var(--mantine-shadow-sm)',
        flexShrink: 0,
      }}
      data-page={page}
    >
      {image.data ? (
        <img
          ref={imageRef}
          alt={`Page ${page}`}
          width={displayWidth}
          style={{ display: 'block', width: displayWidth, height: '100%' }}
        />
      ) : image.isError ? (
        <Center h="100%">
          <Text c="red" size="sm" role="alert">
            Failed to load document preview
          </Text>
        </Center>
      ) : (
        <Center h="100%">
          <Loader size="sm" aria-label={`Loading page ${page}`} />
        </Center>
      )}
      {highlight && scale > 0 && (
        <Box
          // A new box remounts, so each focused value scrolls its own words into view.
          key={highlight.join(',')}
          ref={scrollToHighlight}
          data-testid="source-highlight"
          pos="absolute"
          style={{
            // Plain pixels: the box must sit exactly over the words at this page width.
            left: highlight[0] * scale - 3,
            top: highlight[1] * scale - 3,
            width: (highlight[2] - highlight[0]) * scale + 6,
            height: (highlight[3] - highlight[1]) * scale + 6,
            border: '2px solid var(--mantine-color-blue-6)',
            background: 'rgba(34, 139, 230, 0.15)',
            borderRadius: 3,
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

function FileFrame({ fileId, title }: { fileId: string; title: string }) {
  const file = useFileView(fileId, true);
  const frameRef = useBlobSrc<HTMLIFrameElement>(file.data);
  if (file.isError) {
    return (
      <Text c="red" role="alert">
        Failed to load document preview
      </Text>
    );
  }
  if (!file.data) {
    return (
      <Center h={300}>
        <Loader aria-label="Loading document" />
      </Center>
    );
  }
  return (
    <iframe ref={frameRef} title={title} style={{ width: '100%', height: '75vh', border: 0 }} />
  );
}

export interface DocumentPreviewProps {
  fileId: string;
  fileName: string;
  contentType: string;
  /** Page count; 0 when the file could not be read. */
  pages: number;
  pageSizes: PageSize[];
  /** The source of the focused value, drawn on its page and scrolled into view. */
  highlight: SourceBox | null;
  /** Buttons beside the preview's own (Re-extract Data). */
  actions?: ReactNode;
}

/**
 * The document beside the fields: page images with zoom, the file in a modal, or a download (Word
 * files get both their page images and the download).
 */
export function DocumentPreview({
  fileId,
  fileName,
  contentType,
  pages,
  pageSizes,
  highlight,
  actions,
}: DocumentPreviewProps) {
  const queryClient = useQueryClient();
  const [zoom, setZoom] = useState(1);
  const [fitToWidth, setFitToWidth] = useState(true);
  const [modalOpen, setModalOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { ref: panelRef, width: panelWidth } = useElementSize();
  const viewportRef = useRef<HTMLDivElement>(null);
  const showHighlight = useCallback(
    (element: HTMLElement) => scrollWithin(viewportRef.current, element),
    [],
  );
  const kind = previewKind(contentType, pages);
  const word = isWordDocument(contentType);

  const baseWidth =
    fitToWidth && panelWidth > SCROLLBAR_ALLOWANCE
      ? panelWidth - SCROLLBAR_ALLOWANCE
      : NATURAL_WIDTH;
  const displayWidth = Math.round(baseWidth * zoom);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const blob = await queryClient.fetchQuery(fileViewQueryOptions(fileId));
      saveBlob(blob, fileName);
    } catch (error) {
      setDownloadError(getErrorMessage(error, 'Failed to load document preview'));
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (kind === 'unsupported') {
    body = (
      <Stack align="center" gap="sm" py="xl">
        <Text c="dimmed">Preview not available for this file type</Text>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
        >
          Download File
        </Button>
        {downloadError && (
          <Text c="red" size="sm" role="alert">
            {downloadError}
          </Text>
        )}
      </Stack>
    );
  } else if (kind === 'einvoice') {
    body = (
      <ScrollArea.Autosize mah="calc(100vh - 280px)" type="auto" offsetScrollbars>
        <EInvoicePreview fileId={fileId} highlightXpath={highlight?.xpath ?? null} />
      </ScrollArea.Autosize>
    );
  } else if (kind === 'empty') {
    body = (
      <Center py="xl">
        <Text c="dimmed">No document available for preview</Text>
      </Center>
    );
  } else {
    body = (
      <ScrollArea.Autosize
        mah="calc(100vh - 280px)"
        type="auto"
        offsetScrollbars
        viewportRef={viewportRef}
        viewportProps={{ style: { scrollBehavior: 'smooth' } }}
      >
        <Stack gap="md" align={displayWidth <= panelWidth ? 'center' : 'flex-start'} py={4}>
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <PageView
              key={page}
              fileId={fileId}
              page={page}
              size={pageSizes.find((size) => size.number === page)}
              displayWidth={displayWidth}
              highlight={highlight?.page === page ? highlight.box : null}
              onHighlightShown={showHighlight}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-preview">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="document-preview">
          Document Preview
        </Title>
        <Group gap="xs">
          {word && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => void download()}
              loading={downloading}
            >
              Download File
            </Button>
          )}
          {kind !== 'unsupported' && !word && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={() => setModalOpen(true)}
              disabled={kind === 'empty'}
            >
              Preview Document
            </Button>
          )}
          {actions}
        </Group>
      </Group>
      {word && downloadError && (
        <Text c="red" size="sm" role="alert" mb="sm">
          {downloadError}
        </Text>
      )}
      {kind === 'pages' && (
        <Group gap={4} mb="sm" role="toolbar" aria-label="Zoom">
          <Tooltip label="Zoom out">
            <ActionIcon
              variant="default"
              aria-label="Zoom out"
              disabled={zoom <= ZOOM.min}
              onClick={() => setZoom((z) => clampZoom(z - ZOOM.step))}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={52} ta="center" aria-live="polite" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </Text>
          <Tooltip label="Zoom in">
            <ActionIcon
              variant="default"
              aria-label="Zoom in"
              disabled={zoom >= ZOOM.max}
              onClick={() => setZoom((z) => clampZoom(z + ZOOM.step))}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Reset zoom">
            <ActionIcon variant="default" aria-label="Reset zoom" onClick={() => setZoom(1)}>
              <IconZoomReset size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Fit to width">
            <ActionIcon
              variant={fitToWidth ? 'filled' : 'default'}
              aria-label="Fit to width"
              aria-pressed={fitToWidth}
              onClick={() => setFitToWidth((on) => !on)}
            >
              <IconArrowsHorizontal size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Box ref={panelRef}>{body}</Box>
      <Modal
        opened={modalOpen}
        onClose={() => setModalOpen(false)}
        title={fileName}
        size="xl"
        centered
      >
        {/* XML is never put in a frame: the browser would run markup it may carry. */}
        {modalOpen &&
          (kind === 'einvoice' ? (
            <EInvoicePreview fileId={fileId} />
          ) : (
            <FileFrame fileId={fileId} title={fileName} />
          ))}
      </Modal>
    </Paper>
  );
}
