import { useState, type ReactNode } from 'react';

/**
 * An area pictures can be dropped on (besides its own file input, which keyboard users take): marked
 * while files are dragged over it, `onFiles` with the dropped files.
 */
export function Dropzone({
  className,
  onFiles,
  children,
}: {
  className?: string;
  onFiles(files: FileList): void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={['admin-dropzone', className, over ? 'admin-dropzone--over' : ''].filter(Boolean).join(' ')}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFiles(e.dataTransfer.files);
      }}
    >
      {children}
    </div>
  );
}
