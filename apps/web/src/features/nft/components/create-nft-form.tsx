import { messages as m, NFT_COINS, nftCreateFieldsSchema } from '@exchange/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useCreateNft } from '../api/nft-api';

const coinOptions = NFT_COINS.map((code) => ({ value: code, label: code }));
type Errors = Partial<Record<'name' | 'description' | 'price' | 'coin' | 'image', string>>;

/** The admin's form for a new item: name, description, price, coin and the image (form data). */
export function CreateNftForm() {
  const [fields, setFields] = useState({ name: '', description: '', price: '', coin: 'ETH' });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const create = useCreateNft();
  const set = (key: keyof typeof fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = nftCreateFieldsSchema.safeParse(fields);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
    if (!image) found.image = m.nftImageRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value.trim());
    form.append('image', image);
    try {
      const response = await create.mutateAsync(form);
      toast.success(response.message);
      setFields({ name: '', description: '', price: '', coin: fields.coin });
      setImage(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (failure) {
      toast.warning(errorMessage(failure));
    }
  };
  return (
    <Card title="Create NFT">
      <form className="grid gap-4 md:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
        <Input
          label="Name"
          value={fields.name}
          error={errors.name}
          onChange={(e) => set('name')(e.target.value)}
        />
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <Input
            label="Price"
            inputMode="decimal"
            value={fields.price}
            error={errors.price}
            onChange={(e) => set('price')(e.target.value)}
          />
          <Select
            label="Coin"
            options={coinOptions}
            value={fields.coin}
            onChange={(e) => set('coin')(e.target.value)}
          />
        </div>
        <Textarea
          label="Description"
          rows={3}
          value={fields.description}
          error={errors.description}
          onChange={(e) => set('description')(e.target.value)}
          className="md:col-span-2"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="nft-image" className="text-sm font-medium text-ink">
            Image
          </label>
          <input
            id="nft-image"
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/gif"
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'nft-image-error' : undefined}
            className="text-sm text-muted file:mr-3 file:rounded-md file:border-0 file:bg-raised file:px-3 file:py-2 file:text-ink"
            onChange={(event) => {
              setImage(event.target.files?.[0] ?? null);
              setErrors((current) => ({ ...current, image: undefined }));
            }}
          />
          {errors.image ? (
            <p id="nft-image-error" className="text-sm text-danger">
              {errors.image}
            </p>
          ) : null}
        </div>
        <div className="flex items-end justify-end">
          <Button type="submit" loading={create.isPending}>
            Create NFT
          </Button>
        </div>
      </form>
    </Card>
  );
}
