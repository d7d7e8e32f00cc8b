"""Applications of the host: game engines and graders."""
