import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { CATEGORIES, CORE_CONDITIONS, DEFAULT_CONDITION } from '#domain/catalog.ts';
import { CURRENCY_SYMBOL, MAX_PRODUCT_IMAGES } from '#domain/constants.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type ProductFields, type ProductFieldsInput, productFieldsSchema } from '#domain/products/product.schemas.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { failureMessage, messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { useCreateProduct } from '#web/features/products/api/create-product.ts';
import { useEditProduct } from '#web/features/products/api/edit-product.ts';
import { usePhotoSelection } from '../use-photo-selection.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { UploadProgress } from './upload-progress.tsx';

function defaultsOf(product: Product | undefined): ProductFieldsInput {
  return {
    title: product?.title ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    originalPrice: product?.originalPrice != null ? String(product.originalPrice) : '',
    category: product?.category ?? ('' as ProductFieldsInput['category']),
    condition: product?.condition ?? DEFAULT_CONDITION,
  };
}

/** A price box with ₹ inside it, so the label reads as the spec words it ('Selling Price'). */
function RupeeInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm font-medium text-slate-600"
      >
        {CURRENCY_SYMBOL}
      </span>
      <Input {...props} className="pl-7" />
    </div>
  );
}

function firstErrorOf(errors: FieldErrors<ProductFieldsInput>): string {
  const first = Object.values(errors).find((error) => error?.message);
  return first?.message ?? validationMessages.fillRequiredProductFields;
}

/**
 * The Sell form (spec 2 and 5) for both modes: a new listing, or `product` being edited.
 * Fields are checked with the same schema the server uses; photos travel with the fields.
 * `onSaved` replaces the default "go to My Listings" (the admin edits in a dialog).
 */
export function ProductForm({ product, onSaved: afterSave }: { product?: Product; onSaved?: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const editing = product !== undefined;
  const photos = usePhotoSelection(product?.images ?? []);
  const [progress, setProgress] = useState(0);
  const create = useCreateProduct(setProgress);
  const edit = useEditProduct(setProgress);
  const saving = create.isPending || edit.isPending;

  const form = useForm<ProductFieldsInput, unknown, ProductFields>({
    resolver: zodResolver(productFieldsSchema),
    defaultValues: defaultsOf(product),
  });
  const { errors } = form.formState;

  const onSaved = (msg: string | undefined, fallback: string) => {
    toast.success(msg ?? fallback);
    // An admin edits someone's listing in place; the seller goes back to My Listings.
    if (afterSave) afterSave();
    else void navigate(paths.shop.listings);
  };

  const onValid = (fields: ProductFields) => {
    if (photos.count === 0) return void toast.error(validationMessages.uploadAtLeastOneImage);
    if (photos.count > MAX_PRODUCT_IMAGES) return void toast.error(validationMessages.maxImages);
    setProgress(0);
    const files = photos.added.map((photo) => photo.file);
    if (product) {
      edit.mutate(
        { productId: product._id, keptImageIds: photos.kept.map((image) => image._id), fields, files },
        {
          onSuccess: (answer) => onSaved(answer.msg, productMessages.updated),
          // spec 8: a refusal without msg is 'Failed to edit product'; no answer at all is the modify error.
          onError: (error) =>
            toast.error(failureMessage(error, { unsuccessful: productMessages.editFailed, threw: productMessages.modifyError })),
        },
      );
    } else {
      create.mutate(
        { fields, files },
        {
          onSuccess: (answer) => onSaved(answer.msg, productMessages.uploaded),
          onError: (error) => toast.error(messageOf(error, productMessages.uploadFailed)),
        },
      );
    }
  };

  // 'Excellent' exists on older listings; offer it only to keep such a listing's value.
  const conditions =
    product && !(CORE_CONDITIONS as readonly string[]).includes(product.condition)
      ? [...CORE_CONDITIONS, product.condition]
      : CORE_CONDITIONS;

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, (invalid) => toast.error(firstErrorOf(invalid)))} className="space-y-6">
      <fieldset disabled={saving} className="space-y-6">
        <section aria-labelledby={`${id}-photos`} className="space-y-2">
          <h2 id={`${id}-photos`} className="text-sm font-medium text-slate-800">
            Photos
          </h2>
          <PhotoPicker photos={photos} disabled={saving} />
        </section>

        <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
          <Input {...form.register('title')} autoComplete="off" />
        </Field>
        <Field id={`${id}-description`} label="Description" error={errors.description?.message}>
          <Textarea {...form.register('description')} rows={5} />
        </Field>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field id={`${id}-price`} label="Selling Price" error={errors.price?.message}>
            <RupeeInput {...form.register('price')} type="number" min={0} step="0.01" inputMode="decimal" />
          </Field>
          <Field id={`${id}-originalPrice`} label="Original Price" error={errors.originalPrice?.message} hint="Optional">
            <RupeeInput {...form.register('originalPrice')} type="number" min={0} step="0.01" inputMode="decimal" />
          </Field>
          <Field id={`${id}-category`} label="Category" error={errors.category?.message}>
            <Select {...form.register('category')}>
              <option value="">Select a category</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-condition`} label="Condition" error={errors.condition?.message}>
            <Select {...form.register('condition')}>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </fieldset>

      {saving && <UploadProgress fraction={progress} />}

      <Button type="submit" size="lg" className="w-full sm:w-auto" busy={saving}>
        {editing ? (saving ? 'Updating...' : 'Save Changes') : saving ? 'Uploading...' : 'Upload Product'}
      </Button>
    </form>
  );
}
