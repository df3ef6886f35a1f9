"""The lint rules: one module per rule (its docstring is its documentation). See ``base`` for the contract."""
