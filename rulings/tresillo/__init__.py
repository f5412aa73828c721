"""Tresillo (the Spanish descendant of Ombre): rules engine, record referee, auction classifier.

See RULES.md in this folder for every rule as encoded, every choice and every flag.
"""
