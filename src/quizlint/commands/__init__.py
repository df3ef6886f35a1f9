"""The CLI's subcommands, one module each (imported only when the subcommand runs)."""
