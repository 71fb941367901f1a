"""Очко with a permanent bank: twenty-one against one dealer for the whole evening."""
