/** @type {import('next').NextConfig} */
export default { poweredByHeader: false };
