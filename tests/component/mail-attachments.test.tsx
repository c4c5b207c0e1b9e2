import { render, screen } from '@testing-library/react';
import { MailAttachments } from '@/components/mailbox/mail-attachments';

// /mailbox offers a mail's attachments (an invoice's PDF) as downloads from their route (issue 38, invoices).
it('links each attachment to its download route, named by its label', () => {
  render(
    <MailAttachments
      files={[{ id: 'a1b2', filename: 'RE-2026-00001.pdf', label: 'Download RE-2026-00001.pdf (1,234 bytes)' }]}
    />,
  );
  const link = screen.getByRole('link', { name: 'Download RE-2026-00001.pdf (1,234 bytes)' });
  expect(link).toHaveAttribute('href', '/api/mailbox/attachments/a1b2');
  expect(link).toHaveAttribute('download', 'RE-2026-00001.pdf');
});

it('shows nothing for a mail without attachments', () => {
  const { container } = render(<MailAttachments files={[]} />);
  expect(container).toBeEmptyDOMElement();
});
