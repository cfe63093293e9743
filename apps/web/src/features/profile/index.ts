/** What other features use of the profile: the notice shown when the device's time zone differs. */
export { TimeZoneNotice } from './TimeZoneNotice';
export { ProfileBreadcrumbs } from './ProfileBreadcrumbs';
