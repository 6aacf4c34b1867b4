import { useLocation } from 'react-router';
import { productMessages } from '#domain/products/product.messages.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProduct } from '#web/features/products/api/get-product.ts';
import { ProductForm } from './components/product-form.tsx';

/** The product being edited, when My Listings or the detail page sent one (spec 2: navigation state). */
function editedProductId(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('productId' in state)) return undefined;
  return typeof state.productId === 'string' ? state.productId : undefined;
}

/** Sell (spec 2): 'Add New Product', or 'Edit Product' when a product id came in navigation state. */
export function SellPage() {
  const productId = editedProductId(useLocation().state);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>{productId ? 'Edit Product' : 'Add New Product'}</PageTitle>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {productId ? <EditForm productId={productId} /> : <ProductForm />}
      </div>
    </div>
  );
}

function EditForm({ productId }: { productId: string }) {
  const product = useProduct(productId);
  if (product.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
        <Spinner className="h-8 w-8 text-brand-600" />
        <p className="text-sm font-medium">{productMessages.loading}</p>
      </div>
    );
  }
  if (product.isError) return <p className="py-16 text-center font-semibold text-slate-800">{productMessages.notFound}</p>;
  return <ProductForm key={product.data._id} product={product.data} />;
}
