import { useEffect, useState } from 'react';
import type { PageSize, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import type { SourceContentLocation } from '../bridge';
import { renderedWidth, type Zoom } from './geometry';
import { PageOverlay } from './PageOverlay';

type ImageState =
  { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed'; message: string };

/**
 * An original image (PNG, JPEG, …) at the viewer's zoom, with its figure boxes once it is shown. Its bytes
 * are fetched with the bridge's headers and shown from a blob: URL (an <img src> could not send them).
 */
export function ImageOriginal({
  location,
  unit,
  name,
  zoom,
  fitWidth,
  onBaseWidth,
}: {
  location: SourceContentLocation;
  /** The image's unit, once read. */
  unit: Unit | UnitRead | null;
  /** The document's name, for the image's alternative text. */
  name: string;
  zoom: Zoom;
  fitWidth: number;
  onBaseWidth: (width: number) => void;
}) {
  const [image, setImage] = useState<ImageState>({ status: 'loading' });
  const [natural, setNatural] = useState<PageSize | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setImage({ status: 'loading' });
    fetch(location.url, { headers: location.httpHeaders, signal: controller.signal, credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the workbench answered ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        if (!controller.signal.aborted) setImage({ status: 'ready', src: objectUrl });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setImage({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [location]);

  const base = unit?.page ?? natural;
  useEffect(() => {
    if (base !== null) onBaseWidth(base.width);
  }, [base, onBaseWidth]);

  if (image.status === 'loading')
    return (
      <p role="status" className="m-6 text-sm text-slate-600 dark:text-slate-300">
        Opening the original…
      </p>
    );
  if (image.status === 'failed')
    return (
      <p role="alert" className="m-6 text-sm text-rose-800 dark:text-rose-300">
        The original image can't be shown: {image.message}. Its extracted text is beside it.
      </p>
    );

  const width = base === null ? undefined : renderedWidth(zoom, base.width, fitWidth);
  return (
    <div className="p-4">
      <div
        className="relative mx-auto shadow-sm ring-1 ring-slate-300 dark:ring-slate-600"
        style={{ width }}
        data-testid="image-page"
      >
        <img
          src={image.src}
          alt={`The original image of ${name}`}
          className="block h-auto w-full max-w-none"
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {/* Boxes come with the picture, never over the blank frame before it is decoded. */}
        {unit !== null && width !== undefined && natural !== null && (
          <PageOverlay unit={unit} width={width} />
        )}
      </div>
    </div>
  );
}
