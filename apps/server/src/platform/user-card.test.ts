import { describe, expect, it } from 'vitest';
import { userCard } from './user-card';

const user = {
  name: 'Alice',
  email: 'alice@example.com',
  countryCode: '1',
  mobileNo: '5550100',
  profilePic: null as string | null,
};

describe('userCard', () => {
  it("carries the profile picture as its public URL, and '' for none (the default avatar)", () => {
    const filename = '0b6f3a52-8f1e-4a7e-9f7b-6c1f2d3e4a5b.png';
    expect(userCard({ ...user, profilePic: filename })).toEqual({
      name: 'Alice',
      email: 'alice@example.com',
      country_code: '1',
      mobile_no: '5550100',
      profile_pic: `/api/v1/upload/profile-image/${filename}`,
    });
    expect(userCard(user).profile_pic).toBe('');
  });
});
