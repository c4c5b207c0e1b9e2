import { render, screen } from '@testing-library/react';
import { ErrorView, errorVariant } from '@/components/errors/error-view';

const titles = { 'not-found': 'Page Not Found', 'server-error': 'Internal Server Error' };

describe('ErrorView', () => {
  it('defaults to status 500 and the server-error variant', () => {
    const { container } = render(<ErrorView titles={titles} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Internal Server Error');
    expect(container.querySelector('[data-error-variant]')).toHaveAttribute('data-error-variant', 'server-error');
    expect(container).toHaveTextContent('500');
  });

  it('shows the not-found variant for 404 only', () => {
    const { container } = render(<ErrorView status={404} titles={titles} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found');
    expect(container.querySelector('[data-error-variant]')).toHaveAttribute('data-error-variant', 'not-found');
    expect(errorVariant(403)).toBe('server-error');
    expect(errorVariant(503)).toBe('server-error');
  });

  it('prefers an explicit status message', () => {
    render(<ErrorView status={503} statusMessage="Service Unavailable" titles={titles} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Service Unavailable');
  });
});
