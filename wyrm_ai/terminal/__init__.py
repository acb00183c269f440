"""Play Root against the Wyrm in a terminal (`wyrm play`)."""
import click


@click.command("play")
def play_command():
    """Play against the Wyrm (arrives with the terminal-game issue)."""
    raise click.ClickException("the interactive game is not built yet; try `wyrm watch`")
