// headroom's version, as package.json states it (a test keeps the two equal).
export const headroomVersion = '0.1.0';
