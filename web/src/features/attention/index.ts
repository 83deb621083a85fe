// The attention panel's public face (spec 3 §2.5): the home page's notices.
export { HomeNotices } from './home-notices';
