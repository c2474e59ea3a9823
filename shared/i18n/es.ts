import { en, type Catalogue } from './en';
export const es: Catalogue = en;
