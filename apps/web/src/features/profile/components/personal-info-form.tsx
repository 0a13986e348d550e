import {
  messages,
  NAME_MAX,
  PROFILE_PHONE_MAX,
  type PublicUser,
  UPLOAD_IMAGE_EXTENSIONS,
  type UpdateProfileRequest,
  updateProfileRequestSchema,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { countryOptions } from '../../../components/ui/select-options';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { avatarSrc, DEFAULT_AVATAR } from '../../../lib/avatar';
import { useSession } from '../../session/session-context';
import { updateProfile } from '../api/update-profile';
import { uploadProfileImage } from '../api/upload-profile-image';

const countries = countryOptions();
const accept = UPLOAD_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const acceptedName = new RegExp(`\\.(${UPLOAD_IMAGE_EXTENSIONS.join('|')})$`, 'i');

/**
 * Personal Information: name (letters only), phone (at most 10 digits), country code and picture;
 * the e-mail is shown read-only. A chosen picture is uploaded at once and previewed; Save sends its
 * file name. The saved user replaces the session's copy, so the header shows it without a reload.
 */
export function PersonalInfoForm({ user }: { readonly user: PublicUser }) {
  const session = useSession();
  const pictureId = useId();
  const [picture, setPicture] = useState<{ filename: string; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: { name: user.name, mobile_no: user.mobile_no, country_code: user.country_code },
  });

  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.preview) : undefined), [picture]);

  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!acceptedName.test(file.name)) {
      toast.error(messages.uploadError);
      return;
    }
    setUploading(true);
    try {
      const response = await uploadProfileImage(file);
      const filename = response.data.file.filename;
      setPicture({ filename, preview: URL.createObjectURL(file) });
      setValue('profile_pic', filename);
    } catch {
      toast.error(messages.uploadError);
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = handleSubmit(async (form) => {
    try {
      const response = await updateProfile(form);
      session.setUser(response.data);
      setPicture(null);
      setValue('profile_pic', undefined);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Card title="Personal Information">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid gap-4">
          <div className="flex items-center gap-4">
            <img
              src={picture?.preview ?? avatarSrc(user.profile_pic)}
              alt="Profile"
              className="size-20 rounded-full border border-line bg-raised object-cover"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
                  event.currentTarget.src = DEFAULT_AVATAR;
              }}
            />
            <div className="flex flex-col gap-1">
              <label
                htmlFor={pictureId}
                className="inline-flex h-10 cursor-pointer items-center rounded-md border border-line bg-raised px-4 text-sm font-medium text-ink hover:border-muted focus-within:outline-2 focus-within:outline-accent"
              >
                {uploading ? messages.pleaseWait : 'Change picture'}
                <input
                  id={pictureId}
                  type="file"
                  accept={accept}
                  className="sr-only"
                  disabled={uploading}
                  onChange={(event) => void onPicture(event)}
                />
              </label>
              <p className="text-xs text-muted">PNG, JPG, JPEG or GIF</p>
            </div>
          </div>
          <Input
            label="Name"
            autoComplete="name"
            maxLength={NAME_MAX}
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Select
              label="Country code"
              options={countries}
              autoComplete="tel-country-code"
              error={errors.country_code?.message}
              {...register('country_code')}
            />
            <Input
              label="Phone number"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PROFILE_PHONE_MAX}
              error={errors.mobile_no?.message}
              {...register('mobile_no')}
            />
          </div>
          <Input label="E-mail" value={user.email} readOnly disabled />
          <div>
            <Button
              type="submit"
              loading={isSubmitting}
              loadingText={messages.processing}
              disabled={uploading}
            >
              Save
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
