export * from './activity-buckets';
