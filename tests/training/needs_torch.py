"""Why the trainers' tests skip where torch is missing: only the training setup
installs it (README, "Training the models")."""

TORCH_MISSING = (
    "torch is not installed: the trainers' tests need the training setup "
    "(README, 'Training the models')"
)
