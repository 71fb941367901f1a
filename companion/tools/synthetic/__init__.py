"""Figures of the filmed table (``companion.demo.film``): how the reader and the mat finder
do on it."""
