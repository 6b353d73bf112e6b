"""Rummy Table: a scorekeeper for Rummy card games."""
