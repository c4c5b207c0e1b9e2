/** A mail's attachments on /mailbox: each a download link to its route (a file, not a page: a plain <a>). */
export function MailAttachments({ files }: { files: { id: string; filename: string; label: string }[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={`/api/mailbox/attachments/${file.id}`}
            download={file.filename}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            {file.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
