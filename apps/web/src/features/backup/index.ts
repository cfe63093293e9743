export { BackupPage, backupPath } from './BackupPage';
