"""Coverage-guided fuzzing of the readers of outside text (python -m fuzz.run --help)."""
