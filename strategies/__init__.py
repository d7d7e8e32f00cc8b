"""Python strategies and reimplementations; imports nothing from schemehost."""
