"""The war's read screens in the terminal: the dashboard, a city, a siege, an army."""
