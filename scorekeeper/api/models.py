# No models yet: they arrive with the features that need them.
