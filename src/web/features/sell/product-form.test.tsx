// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productMessages } from '#domain/products/product.messages.ts';
import { type UploadAnswer, fakeUploads } from '#web/testing/fake-api.ts';
import { productOf, renderWithApp, student } from '#web/testing/render.tsx';
import { ProductForm } from './components/product-form.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const listing = productOf({
  images: [{ _id: 'img-1', url: '/uploads/a.webp', secure_url: '/uploads/a.webp', cardUrl: '/uploads/a-card.webp' }],
  seller: { ...productOf().seller, _id: student._id },
});

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sell form', () => {
  it("labels the prices 'Selling Price' and 'Original Price', with ₹ inside each box", () => {
    renderWithApp(<ProductForm />, { user: student });
    for (const label of ['Selling Price', 'Original Price']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('type')).toBe('number');
      expect(input.parentElement?.textContent).toBe('₹');
    }
    expect(screen.queryByLabelText(/\(₹\)/)).toBeNull();
  });
});

describe('a failed edit', () => {
  async function saveAnswered(reply: UploadAnswer) {
    const calls = fakeUploads(() => reply);
    renderWithApp(<ProductForm product={listing} onSaved={() => {}} />, { user: student });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'PATCH', url: `/api/v1/products/edit/${listing._id}` }]);
    return toast.error.mock.calls[0]![0] as string;
  }

  it("shows the server's msg when it refused with one", async () => {
    const msg = await saveAnswered({ status: 403, body: { success: false, msg: 'You are not allowed to do this.' } });
    expect(msg).toBe('You are not allowed to do this.');
  });

  it("says 'Failed to edit product' when it refused without msg", async () => {
    expect(await saveAnswered({ status: 502, body: '<html>Bad Gateway</html>' })).toBe(productMessages.editFailed);
  });

  it("says 'Error Occured in modifying the product' when no answer came", async () => {
    expect(await saveAnswered('offline')).toBe(productMessages.modifyError);
  });
});
